import { normalisePhone, telLink, whatsappLink } from '@sf/shared';
import { ChatIcon, PhoneIcon } from '../icons.tsx';

/** The first number we can honestly link to: the mobile, else the other phone. */
export function contactNumber(mobile: string, phone?: string | null): string | null {
  return normalisePhone(mobile) ? mobile : normalisePhone(phone) ? (phone as string) : null;
}

/** Call and WhatsApp buttons with the normalised number; no link at all when no number is valid. */
export function ContactButtons({
  name,
  mobile,
  phone,
  size = 'md',
}: {
  name: string;
  mobile: string;
  phone?: string | null;
  size?: 'md' | 'lg';
}) {
  const number = contactNumber(mobile, phone);
  const tel = telLink(number);
  const wa = whatsappLink(number, `Hello ${name}, I found you on SpareFinder NG.`);
  if (!tel || !wa)
    return <p className="text-sm text-gray-600">No valid phone number listed yet.</p>;
  const pad = size === 'lg' ? 'min-h-12 text-base' : 'text-sm';
  return (
    <div className="grid grid-cols-2 gap-2">
      <a href={tel} className={`btn-primary ${pad}`} aria-label={`Call ${name}`}>
        <PhoneIcon size={18} /> Call
      </a>
      <a
        href={wa}
        target="_blank"
        rel="noopener noreferrer"
        className={`btn-accent ${pad}`}
        aria-label={`Chat with ${name} on WhatsApp`}
      >
        <ChatIcon size={18} /> WhatsApp
      </a>
    </div>
  );
}
