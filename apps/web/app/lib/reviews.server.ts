import { data, type ActionFunctionArgs } from 'react-router';
import { formStatus, serverApi } from './api.server.ts';
import type { AnyAnswer } from './api.ts';
import { apiGet, signedIn } from './signed-in.server.ts';
import { field } from './auth.server.ts';

/** A page of reviews to answer (the store's or the provider's), or the page's 403. */
export async function loadReviewsToAnswer<S extends string>(
  { request, context }: Pick<ActionFunctionArgs, 'request' | 'context'>,
  path: S,
  refused: string,
) {
  const ans = await apiGet(request, context, path);
  refuseUnlessOk(ans, refused);
  return ans;
}

function refuseUnlessOk<A extends AnyAnswer>(
  ans: A,
  refused: string,
): asserts ans is A & { status: true } {
  if (!ans.status) throw data({ message: ans.message ?? refused }, { status: 403 });
}

/** The action of an answer form (AnswerForm): the one public answer to review `id`. */
export async function answerReview(
  { request, context }: Pick<ActionFunctionArgs, 'request' | 'context'>,
  answerPath: (id: number) => string,
) {
  const form = await request.formData();
  const id = Number(field(form, 'id'));
  if (!Number.isSafeInteger(id) || id <= 0)
    return data({ message: 'Choose a review' }, { status: 400 });
  const ans = signedIn(
    request,
    await serverApi(context).post(answerPath(id), { answer: field(form, 'answer') }),
  );
  return ans.status
    ? { message: null }
    : data({ message: ans.message ?? 'Not published' }, { status: formStatus(ans) });
}
