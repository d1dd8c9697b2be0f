import { type RouteConfig, index, route } from '@react-router/dev/routes';

// One line per page; every domain adds its pages here.
export default [
  index('routes/home.tsx'),
  route('spares-parts', 'routes/spares-parts.tsx'),
  route('mechanics', 'routes/mechanics.tsx'),
  route('towvans', 'routes/towvans.tsx'),
  route('vindecoder', 'routes/vindecoder.tsx'),
  route('user/cars', 'routes/user-cars.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
