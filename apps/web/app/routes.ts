import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

// One line per page; every domain adds its pages here.
export default [
  index('routes/home.tsx'),
  route('spares-parts', 'routes/spares-parts.tsx'),
  route('mechanics', 'routes/mechanics.tsx'),
  route('towvans', 'routes/towvans.tsx'),
  route('auth/login', 'routes/auth/login.tsx'),
  route('auth/register', 'routes/auth/register.tsx'),
  route('auth/logout', 'routes/auth/logout.tsx'),
  route('auth/passwordreset', 'routes/auth/passwordreset.tsx'),
  route('user/profile', 'routes/user/profile.tsx'),
  route('user/orders', 'routes/user/orders.tsx'),
  layout('routes/admin/layout.tsx', [
    route('admin/products', 'routes/admin/products.tsx'),
    route('admin/products/viewprods', 'routes/admin/viewprods.tsx'),
    route('admin/products/cat/:id', 'routes/admin/products-cat.tsx'),
    route('admin/cedstore', 'routes/admin/cedstore.tsx'),
    route('admin/mechanics', 'routes/admin/mechanics.tsx'),
    route('admin/categories', 'routes/admin/categories.tsx'),
    route('admin/categories/parentcategories', 'routes/admin/parentcategories.tsx'),
  ]),
  route('mechanic/:id', 'routes/mechanic.tsx'),
  route('towvan/:id', 'routes/towvan.tsx'),
  route('sp/:id', 'routes/sp.tsx'),
  route('blogs', 'routes/blogs.tsx'),
  route('blogs/blog/:id', 'routes/blog-post.tsx'),
  route('static/:slug', 'routes/static-page.tsx'),
  route('contact-us', 'routes/contact-us.tsx'),
  route('vindecoder', 'routes/vindecoder.tsx'),
  route('user/cars', 'routes/user-cars.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
