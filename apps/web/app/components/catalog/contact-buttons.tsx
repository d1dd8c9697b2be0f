import { telLink, whatsappLink } from '@sf/shared';
import { ChatIcon, PhoneIcon } from '../icons.tsx';

/** Call and WhatsApp buttons with the normalised number; no link at all when it is invalid. */
export function ContactButtons({
  phone,
  storeName,
  productName,
}: {
  phone?: string | null;
  storeName: string;
  productName?: string;
}) {
  const tel = telLink(phone);
  const wa = whatsappLink(
    phone,
    productName ? `Hello ${storeName}, is "${productName}" available? (SpareFinder NG)` : undefined,
  );
  if (!tel || !wa)
    return (
      <p className="text-sm text-gray-700">
        This store has no phone number we can call. Use Add to cart and the store will contact you.
      </p>
    );
  return (
    <div className="grid grid-cols-[auto_1fr] gap-2">
      <a href={tel} className="btn-ghost">
        <PhoneIcon size={18} />
        Call
      </a>
      <a
        href={wa}
        target="_blank"
        rel="noopener noreferrer"
        className="btn min-w-0 bg-[#1f7a4a] text-white hover:bg-[#17603a]"
      >
        <ChatIcon size={18} className="shrink-0" />
        <span>
          <span className="sr-only min-[400px]:not-sr-only">Chat on </span>WhatsApp
        </span>
      </a>
    </div>
  );
}
