/**
 * Pictures chosen on the new-product form, held in this page's memory until the product exists:
 * the form saves (an ordinary page form, which cannot carry large files), the page moves to the
 * product's edit page, and that page sends them to the product's upload route at once. A full
 * page load (no JavaScript) loses nothing but the choice: the edit page asks for them again.
 */
let held: File[] = [];

export const holdPictures = (files: File[]) => {
  held = files;
};
/** The held pictures, handed over once. */
export function takePictures(): File[] {
  const out = held;
  held = [];
  return out;
}
export const heldPictures = () => held;
