// Phone numbers in staff HTML made callable: each North American number written in the text becomes a
// tel: link. Only text is read: a tag (with its attributes, quoted values included, even one holding
// ">") and a comment pass through untouched, and nothing inside an existing link is linked again.
// The result still goes through the HTML sanitizer like any staff HTML.

/** "(512) 555-0100", "512-555-0100", "512.555.0100", "+1 512 555 0100". */
const PHONE = /(\+?1[\s.-]?)?(\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]\d{4}/g;
/** A comment, or an opening or closing tag whose quoted attribute values may hold any character. */
const TAG = /<!--[\s\S]*?-->|<\/?[a-zA-Z][^\s/>]*(?:[^>"']|"[^"]*"|'[^']*')*>/g;

const linkText = (text: string) =>
  text.replace(PHONE, (phone) => `<a href="tel:${phone.replace(/[^\d+]/g, "")}">${phone}</a>`);

export function linkPhoneNumbers(html: string): string {
  let out = "";
  let last = 0;
  let linkDepth = 0;
  for (const match of html.matchAll(TAG)) {
    const text = html.slice(last, match.index);
    out += linkDepth ? text : linkText(text);
    const tag = match[0];
    if (/^<a[\s>]/i.test(tag)) linkDepth++;
    else if (/^<\/a[\s>]/i.test(tag)) linkDepth = Math.max(0, linkDepth - 1);
    out += tag;
    last = match.index + tag.length;
  }
  const rest = html.slice(last);
  return out + (linkDepth ? rest : linkText(rest));
}
