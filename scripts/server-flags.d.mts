/** Node/V8 flags for every process that serves the site (scripts/server-flags.mjs says why). */
export declare const SERVER_NODE_FLAGS: string[];
/** Environment for the same processes. */
export declare const SERVER_ENV: Record<string, string>;
