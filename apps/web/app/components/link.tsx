import { useEffect, useState, type Ref, type SyntheticEvent } from 'react';
import { PrefetchPageLinks, Link as RouterLink, type LinkProps } from 'react-router';

type Props = LinkProps & { ref?: Ref<HTMLAnchorElement> };

/**
 * A link to one of our pages, drawn as React Router's <Link> draws it (same `href`, same
 * `data-discover` for route discovery, the same prefetch on intent) but without its hooks: a plain
 * `<a data-nav>` whose click `useClientNav` (root.tsx) turns into an in-page navigation, as <Link>
 * does. A list page has 150-180 links, and each <Link> resolves its path twice, reads the location
 * (so it renders again on every navigation) and mounts an effect: about a tenth of hydrating a
 * list page on a phone. A link that needs the router's own handling (a relative or object `to`,
 * `replace`, `state`, `reloadDocument`, a `target`, prefetch other than on intent, …) is React
 * Router's <Link>.
 */
export function Link(props: Props) {
  const {
    to,
    discover,
    prefetch,
    relative,
    reloadDocument,
    replace,
    mask,
    state,
    target,
    preventScrollReset,
    viewTransition,
    defaultShouldRevalidate,
    ...anchor
  } = props;
  const plain =
    typeof to === 'string' &&
    to.startsWith('/') &&
    !to.startsWith('//') &&
    discover === undefined &&
    relative === undefined &&
    reloadDocument === undefined &&
    replace === undefined &&
    mask === undefined &&
    state === undefined &&
    target === undefined &&
    preventScrollReset === undefined &&
    viewTransition === undefined &&
    defaultShouldRevalidate === undefined;
  if (!plain || (prefetch !== undefined && prefetch !== 'none' && prefetch !== 'intent'))
    return <RouterLink {...props} />;
  if (prefetch === 'intent') return <IntentLink {...anchor} to={to} />;
  return <a {...anchor} href={to} data-nav="" data-discover="true" />;
}

type AnchorProps = Omit<Props, 'to'> & { to: string };

/**
 * As <Link prefetch="intent">: a pointer resting on the link for 100 ms, a focus or a touch
 * fetches the page's data and modules ahead of the click; leaving the link cancels it.
 */
function IntentLink({
  to,
  onFocus,
  onBlur,
  onMouseEnter,
  onMouseLeave,
  onTouchStart,
  ...anchor
}: AnchorProps) {
  const [maybe, setMaybe] = useState(false);
  const [prefetch, setPrefetch] = useState(false);
  useEffect(() => {
    if (!maybe) return;
    const id = setTimeout(() => setPrefetch(true), 100);
    return () => clearTimeout(id);
  }, [maybe]);
  const intent = () => setMaybe(true);
  const cancel = () => {
    setMaybe(false);
    setPrefetch(false);
  };
  return (
    <>
      <a
        {...anchor}
        href={to}
        data-nav=""
        data-discover="true"
        onFocus={composed(onFocus, intent)}
        onBlur={composed(onBlur, cancel)}
        onMouseEnter={composed(onMouseEnter, intent)}
        onMouseLeave={composed(onMouseLeave, cancel)}
        onTouchStart={composed(onTouchStart, intent)}
      />
      {prefetch ? <PrefetchPageLinks page={to} /> : null}
    </>
  );
}

/** The link's own handler, then ours unless theirs prevented the default. */
function composed<E extends SyntheticEvent>(
  theirs: ((e: E) => void) | undefined,
  ours: () => void,
) {
  return (e: E) => {
    theirs?.(e);
    if (!e.defaultPrevented) ours();
  };
}
