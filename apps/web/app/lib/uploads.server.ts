import { serverApi } from './api.server.ts';
import { redirect } from './redirect.ts';
import { signedIn } from './signed-in.server.ts';

/**
 * The "Remove logo" button of LogoEditor (a page form, so it works without JavaScript): deletes
 * through the API route and goes back to the page with `?logo=removed`, or like a refused upload
 * with `?uploadError=<code>`.
 */
export async function removeLogo(request: Request, context: unknown, api: string, page: string) {
  const ans = signedIn(request, await serverApi(context).del(api));
  const code = typeof ans.code === 'string' ? ans.code : 'BAD_REQUEST';
  return redirect(`${page}?${ans.status ? 'logo=removed' : `uploadError=${code}`}`);
}
