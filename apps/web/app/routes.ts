import { type RouteConfig, index, route } from '@react-router/dev/routes';

// One line per page; every domain adds its pages here.
export default [
  index('routes/home.tsx'),
  route('spares-parts', 'routes/spares-parts.tsx'),
  route('mechanics', 'routes/mechanics.tsx'),
  route('towvans', 'routes/towvans.tsx'),
  route('products/cat/:id', 'routes/products-cat.tsx'),
  route('cat/:id', 'routes/cat.tsx'),
  route('product/:id', 'routes/product.tsx'),
  route('item/:id', 'routes/product.tsx', { id: 'routes/item' }),
  route('store/:name', 'routes/store.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
