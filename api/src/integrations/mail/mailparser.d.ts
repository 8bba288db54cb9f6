// mailparser ships no types and @types/mailparser is not installed: the little the SMTP sink uses.
declare module "mailparser" {
  import type { Readable } from "node:stream";
  export type AddressObject = { value: { address?: string; name: string }[]; text: string };
  export type ParsedMail = {
    subject?: string;
    text?: string;
    html?: string | false;
    from?: AddressObject;
    to?: AddressObject | AddressObject[];
  };
  export function simpleParser(source: Readable | Buffer | string): Promise<ParsedMail>;
}
