import { useRef, useState, type ReactNode } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, uploadErrorMessage } from '@sf/shared';
import { browserApi } from '../lib/api.ts';
import { shrinkImage, webpName } from '../lib/shrink-image.ts';
import { FormMessage } from './form-field.tsx';

/**
 * Sends pictures to an upload route the way the form does: each made small in the browser first
 * (decision 0013). The API's answer (ok, or its message).
 */
export async function sendPictures(action: string, name: string, files: File[]) {
  const body = new FormData();
  for (const f of files) {
    const small = await shrinkImage(f);
    body.append(name, small, small === f ? f.name : webpName(f.name));
  }
  return browserApi.post(action, body, { headers: { accept: 'application/json' } });
}

/**
 * A picture upload (decision 0013). Without JavaScript it is a plain multipart form posted to the
 * API route, which answers with a redirect back here (`?upload=ok` or `?uploadError=<code>`,
 * worded below). With JavaScript each picture is first made small in the browser (WebP, quality
 * 0.7) and the same route is called; the page's data is then loaded again.
 */
export function UploadForm({
  action,
  name,
  label,
  hint,
  button,
  done,
  multiple = false,
  disabled = false,
  children,
}: {
  /** The API route taking the files. */
  action: string;
  /** The file field's name. */
  name: string;
  label: string;
  hint?: string;
  button: string;
  /** The message after a successful upload. */
  done: string;
  multiple?: boolean;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // After a form post without JavaScript, the redirect's query says what happened.
  const fromRedirect =
    params.get('upload') === 'ok'
      ? { ok: true, text: done }
      : params.get('uploadError')
        ? { ok: false, text: uploadErrorMessage(params.get('uploadError'))! }
        : null;
  const message = said ?? fromRedirect;
  const id = `f-${name}`;

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const files = [...(input.current?.files ?? [])];
    if (files.length === 0) {
      setSaid({ ok: false, text: `${label}: choose a file first.` });
      return;
    }
    setBusy(true);
    setSaid(null);
    try {
      const ans = await sendPictures(action, name, files);
      if (ans.status) {
        setSaid({ ok: true, text: done });
        form.reset();
        await revalidator.revalidate();
      } else setSaid({ ok: false, text: ans.message ?? uploadErrorMessage('')! });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      onSubmit={(e) => void submit(e)}
      className="space-y-3"
    >
      {message && <FormMessage type={message.ok ? 'success' : 'error'}>{message.text}</FormMessage>}
      {children}
      <div>
        <label htmlFor={id} className="label">
          {label}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          name={name}
          accept={IMAGE_ACCEPT}
          multiple={multiple}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
          {hint ? `${hint} ` : ''}JPEG, PNG or WebP, at most{' '}
          {Math.round(IMAGE_MAX_BYTES / (1024 * 1024))} MB each.
        </p>
      </div>
      <button type="submit" className="btn-primary" disabled={busy || disabled}>
        {busy ? 'Uploading…' : button}
      </button>
    </form>
  );
}
