import { createElement, type ReactNode, type SVGProps } from 'react';

// Icons are bundled SVG: no icon requests at run time, nothing that needs the internet.
type P = SVGProps<SVGSVGElement> & { size?: number };
const base = ({ size = 24, ...p }: P) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
  ...p,
});
/**
 * An icon's <svg>. createElement, not `<svg {...base(p)}>…</svg>`: JSX makes that a spread followed
 * by `children`, which Node 20 keeps through young collections (scripts/patch-react-router.mjs).
 */
const svg = (p: P, ...children: ReactNode[]) => createElement('svg', base(p), ...children);

export const MenuIcon = (p: P) => svg(p, <path d="M4 6h16M4 12h16M4 18h16" />);
export const CloseIcon = (p: P) => svg(p, <path d="M18 6 6 18M6 6l12 12" />);
export const SearchIcon = (p: P) =>
  svg(p, <circle cx="11" cy="11" r="7" />, <path d="m20 20-3.5-3.5" />);
export const UserIcon = (p: P) =>
  svg(p, <circle cx="12" cy="8" r="4" />, <path d="M4 21a8 8 0 0 1 16 0" />);
export const CartIcon = (p: P) =>
  svg(
    p,
    <circle cx="9" cy="20" r="1.5" />,
    <circle cx="18" cy="20" r="1.5" />,
    <path d="M2 3h3l2.7 12.4a2 2 0 0 0 2 1.6h8.6a2 2 0 0 0 2-1.5L22 8H6" />,
  );
export const PhoneIcon = (p: P) =>
  svg(
    p,
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.9.6 2.8.7a2 2 0 0 1 1.7 2Z" />,
  );
export const ChatIcon = (p: P) =>
  svg(p, <path d="M21 11.5a8.4 8.4 0 0 1-12.3 7.5L3 21l2-5.6A8.5 8.5 0 1 1 21 11.5Z" />);
export const ChevronDown = (p: P) => svg(p, <path d="m6 9 6 6 6-6" />);
export const ResetIcon = (p: P) =>
  svg(p, <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />, <path d="M3 3v5h5" />);
export const CheckIcon = (p: P) => svg(p, <path d="M20 6 9 17l-5-5" />);
export const AlertIcon = (p: P) =>
  svg(p, <circle cx="12" cy="12" r="10" />, <path d="M12 8v4M12 16h.01" />);
export const InfoIcon = (p: P) =>
  svg(p, <circle cx="12" cy="12" r="10" />, <path d="M12 16v-4M12 8h.01" />);
export const WrenchIcon = (p: P) =>
  svg(
    p,
    <path d="M14.7 6.3a4 4 0 0 0 5 5L22 14l-8 8-2.3-2.3a4 4 0 0 0-5-5L2 10l8-8 2.3 2.3a4 4 0 0 0 2.4 2Z" />,
  );
export const TruckIcon = (p: P) =>
  svg(
    p,
    <path d="M3 17V6h11v11M14 9h4l3 4v4h-7" />,
    <circle cx="7" cy="17.5" r="1.8" />,
    <circle cx="17" cy="17.5" r="1.8" />,
  );
export const PartIcon = (p: P) =>
  svg(
    p,
    <circle cx="12" cy="12" r="3" />,
    <path d="M12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1" />,
  );
export const HomeIcon = (p: P) =>
  svg(p, <path d="m3 10 9-7 9 7v10a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1Z" />);
export const BadgeCheckIcon = (p: P) =>
  svg(
    p,
    <path d="M12 2 15 5h4v4l3 3-3 3v4h-4l-3 3-3-3H5v-4l-3-3 3-3V5h4Z" />,
    <path d="m8.5 12 2.5 2.5 4.5-5" />,
  );
export const MailIcon = (p: P) =>
  svg(p, <rect x="2" y="4" width="20" height="16" rx="2" />, <path d="m22 7-10 6L2 7" />);
export const FacebookIcon = (p: P) =>
  svg(p, <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3Z" />);
export const InstagramIcon = (p: P) =>
  svg(
    p,
    <rect x="2" y="2" width="20" height="20" rx="5" />,
    <circle cx="12" cy="12" r="4" />,
    <path d="M17.5 6.5h.01" />,
  );
export const XLogoIcon = (p: P) => svg(p, <path d="M4 4l16 16M20 4 4 20" />);
export const YoutubeIcon = (p: P) =>
  svg(p, <rect x="2" y="5" width="20" height="14" rx="4" />, <path d="m10 9 5 3-5 3Z" />);
export const FilterIcon = (p: P) => svg(p, <path d="M3 5h18M6 12h12M10 19h4" />);
export const BellIcon = (p: P) =>
  svg(
    p,
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />,
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />,
  );
