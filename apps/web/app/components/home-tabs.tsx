import { NavLink, useLocation } from 'react-router';
import { PartIcon, SearchIcon, TruckIcon, WrenchIcon } from './icons.tsx';

export const HOME_TABS = [
  { label: 'SEARCH', to: '/', Icon: SearchIcon },
  { label: 'SPARE PARTS', to: '/spares-parts', Icon: PartIcon },
  { label: 'MECHANICS', to: '/mechanics', Icon: WrenchIcon },
  { label: 'TOW VAN', to: '/towvans', Icon: TruckIcon },
] as const;

/** The four home tabs; each is a real link, so they work before JavaScript loads. */
export function HomeTabs() {
  // The search's results page belongs to the SEARCH tab.
  const onSearch = useLocation().pathname === '/search';
  return (
    <nav aria-label="Find" className="bg-white shadow-sm">
      <ul className="container-page grid grid-cols-4">
        {HOME_TABS.map(({ label, to, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end
              prefetch="intent"
              className={({ isActive }) =>
                `flex min-h-14 flex-col items-center justify-center gap-0.5 border-b-4 px-1 text-[11px] font-bold tracking-wide sm:flex-row sm:gap-2 sm:text-sm ${isActive || (to === '/' && onSearch) ? 'border-accent-500 text-brand-800' : 'border-transparent text-gray-600 hover:text-brand-700'}`
              }
            >
              <Icon size={20} />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
