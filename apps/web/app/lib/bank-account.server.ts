import { data } from 'react-router';
import { formStatus, serverApi } from './api.server.ts';
import { backTo, signedIn } from './signed-in.server.ts';
import type { BankAnswer } from './seller.ts';

/**
 * The payout account's two steps, shared by the pages that show the form: `bank-check` asks the
 * bank for the account's name; `bank` saves it with the owner's password (the API resolves the
 * name again itself; the one shown is never sent as the name).
 */
export async function bankAccountAction(
  request: Request,
  context: unknown,
  form: FormData,
  fallback: string,
) {
  const text = (k: string) => String(form.get(k) ?? '').trim();
  const intent = text('intent') === 'bank' ? 'bank' : 'bank-check';
  const bankCode = text('bankCode');
  const accountNumber = text('accountNumber');
  const api = serverApi(context);
  if (!/^\d{3,6}$/.test(bankCode) || !/^\d{10}$/.test(accountNumber))
    return data<BankAnswer>(
      {
        ok: false,
        intent,
        message: 'Choose the bank and enter the 10-digit account number',
        fields: /^\d{10}$/.test(accountNumber)
          ? { bankCode: 'Choose your bank' }
          : { accountNumber: 'Enter the 10 digits of the account number' },
      },
      { status: 400 },
    );
  if (intent === 'bank-check') {
    const ans = signedIn(
      request,
      await api.get(
        `/api/store/bank-account/resolve?bankCode=${bankCode}&accountNumber=${accountNumber}`,
      ),
    );
    if (!ans.status)
      return data<BankAnswer>(
        {
          ok: false,
          intent,
          message: ans.message ?? 'The bank could not check this account',
          fields: ans.fields as Record<string, string> | undefined,
        },
        { status: formStatus(ans) },
      );
    return data<BankAnswer>({
      ok: false,
      intent,
      message: '',
      check: { bankCode, accountNumber, accountName: String(ans.accountName ?? '') },
    });
  }
  const ans = await api.put('/api/store/bank-account', {
    bankCode,
    accountNumber,
    password: String(form.get('password') ?? ''),
  });
  // A missing password is the API's 401 too: asked for here, not a sign-in.
  if (!ans.status && ans.code !== 'PASSWORD_AGAIN') signedIn(request, ans);
  if (!ans.status)
    return data<BankAnswer>(
      {
        ok: false,
        intent,
        message: ans.message ?? 'The bank account could not be saved',
        check: { bankCode, accountNumber, accountName: text('shownName') },
        fields: ans.fields as Record<string, string> | undefined,
      },
      { status: formStatus(ans) },
    );
  return backTo(request, fallback);
}
