/**
 * What a form's action answers when it stays on the page: the message said above the form
 * (role=status when `ok`, role=alert when not) and the API's messages by field name.
 */
export interface FormResult {
  ok: boolean;
  message: string;
  fields?: Record<string, string>;
}
