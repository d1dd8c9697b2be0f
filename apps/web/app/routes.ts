import { type RouteConfig, index, route } from '@react-router/dev/routes';

// One line per page; every domain adds its pages here.
export default [
  index('routes/home.tsx'),
  route('spares-parts', 'routes/spares-parts.tsx'),
  route('mechanics', 'routes/mechanics.tsx'),
  route('towvans', 'routes/towvans.tsx'),
  route('mechanic/:id', 'routes/mechanic.tsx'),
  route('towvan/:id', 'routes/towvan.tsx'),
  route('sp/:id', 'routes/sp.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
