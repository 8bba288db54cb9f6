/** A phone number a phone can call: a tel: link, kept on one line. */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  return (
    <a
      href={`tel:${phone.replace(/[^\d+]/g, "")}`}
      className={className ?? "whitespace-nowrap font-medium text-primary underline-offset-4 hover:underline"}
    >
      {phone}
    </a>
  );
}
