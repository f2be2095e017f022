// Spec §2: on the verify screen, emails are masked to the first and last character of the local
// part, and phones show only the last 4 digits. The server already masks what it sends; masking
// here again is harmless (a masked value masks to itself) and keeps the rule in one visible place.

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = [...email.slice(0, at)];
  const domain = email.slice(at);
  if (local.length <= 1) return `${local.join('')}${domain}`;
  return `${local[0]}***${local[local.length - 1]}${domain}`;
}

export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `***${digits.slice(-4)}`;
}

export function maskContact(attribute: 'email' | 'phone_number', value: string): string {
  return attribute === 'email' ? maskEmail(value) : maskPhone(value);
}
