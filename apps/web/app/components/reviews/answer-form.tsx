import { Form } from 'react-router';

/** The one public answer of a store or a provider to a review (a plain POST form). */
export function AnswerForm({ id }: { id: number }) {
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="id" value={id} />
      <label htmlFor={`answer-${id}`} className="label">
        Answer publicly (once)
      </label>
      <textarea
        id={`answer-${id}`}
        name="answer"
        rows={2}
        maxLength={1000}
        required
        className="input"
      />
      <button type="submit" className="btn-ghost">
        Publish answer
      </button>
    </Form>
  );
}
