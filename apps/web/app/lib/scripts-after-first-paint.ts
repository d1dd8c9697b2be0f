// The page's JavaScript starts after the first screen has painted (decision 0038).
//
// A page works before its JavaScript: links are plain links and forms plain GET/POST, so hydration
// adds nothing a visitor needs for the first screen. On a phone's slow link the page's ~115 KB of
// JavaScript chunks would otherwise share the first round trips with the first product photos,
// and on its slow CPU their evaluation and hydration would hold the photos' paint back. So the
// server hands React Router's boot script and module preloads over inert
// (scripts-after-first-paint.server.ts), and the script below, rendered by root.tsx, starts
// them once the photos marked high priority are decoded and a frame has painted them, or after
// FIRST_PAINT_WAIT_MS, whichever comes first.

/** The type the boot module script is handed over with: a type the browser does not run. */
export const INERT_MODULE_TYPE = 'text/sf-module';
/** The rel the module preloads are handed over with: a rel the browser does not fetch. */
export const INERT_PRELOAD_REL = 'sf-modulepreload';
/** The longest the first screen's photos may hold the JavaScript back (a stalled photo, a hidden tab). */
export const FIRST_PAINT_WAIT_MS = 3000;

/**
 * Preloads started in one task: starting each is a request the main thread makes (0.3-1.5 ms on
 * a slow CPU), and a page has up to ~20; a few at a time keep the phone responsive meanwhile.
 */
const PRELOADS_PER_TASK = 4;

/** Starts the inert preloads and the boot module once the first screen has painted. */
export const SCRIPTS_AFTER_FIRST_PAINT = `(function(){var d=document,s=d.querySelector('script[type="${INERT_MODULE_TYPE}"]'),on=0;function start(){if(on)return;on=1;var l=[].slice.call(d.querySelectorAll('link[rel="${INERT_PRELOAD_REL}"]'));(function next(){l.splice(0,${PRELOADS_PER_TASK}).forEach(function(x){x.rel='modulepreload'});if(l.length)return setTimeout(next,0);if(!s)return;var m=d.createElement('script');m.type='module';m.nonce=s.nonce;m.textContent=s.textContent;d.body.appendChild(m)})()}setTimeout(start,${FIRST_PAINT_WAIT_MS});var p=[].slice.call(d.querySelectorAll('img[fetchpriority="high"]')).map(function(i){return i.decode().catch(function(){})});Promise.all(p).then(function(){requestAnimationFrame(function(){setTimeout(start,0)})})})()`;
