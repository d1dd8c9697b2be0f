import { createContext, useContext } from 'react';

/** Lite mode for this render (root's loader decides it from Save-Data and the cookie). */
export const LiteContext = createContext(false);
export const useLite = () => useContext(LiteContext);
