import type { LeadFormElement } from "../../generated/prisma/client.ts";
import type { NativeLeadField } from "../../generated/prisma/enums.ts";
import { CANADIAN_PROVINCES, US_STATES } from "../../shared/states.ts";
import { CHECKED, HONEYPOT } from "./forms.rules.ts";
import { dayLabel, type SlotOffer, windowLabel, windowText } from "./forms.scheduler.ts";
import type { FormWithElements } from "./forms.service.ts";

// The public form as plain HTML, rendered on the server: it works without JavaScript (a real form
// posted to its own address), and a few lines of inline script only show and hide the questions that
// depend on an earlier answer. Every text from the database is escaped. Phone first: 16 px inputs
// (no zoom on focus), tap targets of at least 44 px, labels on every field, errors linked to their
// field with aria-describedby, light and dark by the visitor's setting.

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const AUTOCOMPLETE: Partial<Record<NativeLeadField, string>> = {
  FIRST_NAME: "given-name",
  LAST_NAME: "family-name",
  EMAIL: "email",
  PHONE: "tel",
  PHONE2: "tel",
  ADDRESS: "street-address",
  CITY: "address-level2",
  STATE_CODE: "address-level1",
  POSTAL_CODE: "postal-code",
};

const STYLE = `
:root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--fg:#1b1f24;--muted:#5b6470;--line:#c9ced6;--accent:#1d5fd1;--err:#b42318}
@media (prefers-color-scheme:dark){:root{--bg:#111418;--card:#1a1f26;--fg:#eef1f5;--muted:#a5adb8;--line:#3a424d;--accent:#7aa7ff;--err:#ff8a80}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:40rem;margin:0 auto;padding:1rem}.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1.25rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}.summary p{margin:0 0 .25rem}.summary ul{margin:0;padding-left:1.25rem}p.lead{color:var(--muted);margin:0 0 1rem;white-space:pre-line}
.q{margin:0 0 1.1rem;border:0;padding:0;min-width:0}.q>label,.q legend{display:block;font-weight:600;margin-bottom:.35rem;padding:0}
.req{color:var(--err)}.hint{display:block;color:var(--muted);font-size:.875rem;font-weight:400;margin:-.2rem 0 .35rem}.js .hint{display:none}
input,select,textarea{font:inherit;font-size:16px;color:inherit;background:var(--card);width:100%;min-height:44px;padding:.5rem .75rem;border:1px solid var(--line);border-radius:8px}
textarea{min-height:7rem}input:focus-visible,select:focus-visible,textarea:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.choice{display:flex;align-items:center;gap:.6rem;min-height:44px}.choice input{width:22px;height:22px;min-height:0;margin:0;flex:none}
.choice label{font-weight:400}[aria-invalid=true]{border-color:var(--err)}.error{color:var(--err);font-size:.9rem;margin:.3rem 0 0}
.summary{border:2px solid var(--err);border-radius:8px;padding:.75rem 1rem;margin:0 0 1rem}.summary a{color:inherit}
button{font:inherit;font-weight:600;min-height:48px;width:100%;border:0;border-radius:8px;background:var(--accent);color:#fff;cursor:pointer}
@media (prefers-color-scheme:dark){button{color:#0b1220}}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}a.again{display:inline-block;min-height:44px;padding:.6rem 0;color:var(--accent)}
.note{color:var(--muted);margin:0 0 .6rem}.day{border:0;padding:0;margin:0 0 .6rem;min-width:0}.day legend{font-weight:600;font-size:.95rem;padding:0;margin-bottom:.3rem}
.chips{display:flex;flex-wrap:wrap;gap:.5rem}.chip{position:relative}.chip input{position:absolute;opacity:0;width:1px;height:1px;margin:0}
.chip label{display:inline-flex;align-items:center;gap:.35rem;min-height:44px;padding:.4rem .9rem;border:1px solid var(--line);border-radius:999px;cursor:pointer}
.chip small{color:var(--muted);font-size:.8rem}.chip input:checked+label{background:var(--accent);border-color:var(--accent);color:#fff}.chip input:checked+label small{color:inherit}
.chip input:focus-visible+label{outline:3px solid var(--accent);outline-offset:2px}button.find{background:none;color:var(--accent);border:1px solid var(--accent);margin:.2rem 0 0}
@media (prefers-color-scheme:dark){.chip input:checked+label{color:#0b1220}button.find{color:var(--accent)}}
`;

/** Shows a question only while its parent is shown and answered with the awaited value. */
const SCRIPT = `(()=>{document.documentElement.classList.add("js");const f=document.querySelector("form[data-lead-form]");if(!f)return;
const qs=[...f.querySelectorAll(".q[data-id]")];const vals=id=>[...f.querySelectorAll('[name="q_'+id+'"]')].filter(e=>!e.disabled&&((e.type!=="checkbox"&&e.type!=="radio")||e.checked)).flatMap(e=>e.multiple?[...e.selectedOptions].map(o=>o.value):[e.value]);
const run=()=>{const shown=new Set();for(const q of qs){const p=q.dataset.parent;const ok=!p||(shown.has(p)&&vals(p).some(v=>v.trim().toLowerCase()===q.dataset.showIf.trim().toLowerCase()));if(ok)shown.add(q.dataset.id);q.hidden=!ok;for(const i of q.querySelectorAll("input,select,textarea"))i.disabled=!ok}};
f.addEventListener("change",run);f.addEventListener("input",run);run();
const sc=f.querySelector("[data-slots]"),st=document.getElementById("slots-status");if(!sc)return;let t,n=0;
const load=()=>{const k=++n;const d=new FormData(f);d.delete("_step");st.textContent="Looking for times…";fetch(f.action+"/slots",{method:"POST",body:new URLSearchParams(d)}).then(r=>r.ok?r.text():Promise.reject()).then(h=>{if(k!==n)return;sc.innerHTML=h;const p=sc.querySelector(".note");st.textContent=p?p.textContent:""}).catch(()=>{st.textContent="The times could not be loaded. Press “Find times” to try again."})};
f.addEventListener("click",e=>{if(e.target.closest("[data-find]")){e.preventDefault();load()}});
for(const i of f.querySelectorAll("[data-addr] input"))i.addEventListener("change",()=>{clearTimeout(t);t=setTimeout(load,250)})})();`;

export type PageState = {
  values: Map<string, string[]>;
  errors: Map<string, string>;
  message: string;
  token: string;
  /** The scheduler's offer for the address typed (undefined: not looked up yet), and the time chosen. */
  slots?: { offer: SlotOffer; chosen: string };
};

const SCHEDULER_FIELDS = new Set(["ADDRESS", "CITY", "POSTAL_CODE"]);

/** The scheduler's times for an address (also answered alone to the page's script). */
export function slotFragment(offer: SlotOffer | undefined, chosen: string) {
  const seen = '<input type="hidden" name="_slots" value="1">';
  if (!offer) return '<p class="note">Enter your address above, then find the times we can visit you.</p>';
  if (offer.state === "no-address") return '<p class="note">Enter your street address and postal code above first.</p>';
  if (offer.state === "no-zone")
    return `${seen}<p class="note">We cannot offer times for this address here. Send the form and we will call you to arrange a visit.</p>`;
  if (offer.state === "none")
    return `${seen}<p class="note">No time is free for your area in the next two weeks. Send the form and we will call you to arrange a visit.</p>`;
  const count = offer.days.reduce((n, d) => n + d.windows.length, 0);
  let i = 0;
  const chip = (value: string, label: string, checked: boolean) => {
    const id = `slot_${i++}`;
    return `<div class="chip"><input type="radio" id="${id}" name="_slot" value="${esc(value)}"${checked ? " checked" : ""}><label for="${id}">${label}</label></div>`;
  };
  const days = offer.days
    .map(
      (d) =>
        `<fieldset class="day"><legend>${esc(dayLabel(d.date))}</legend><div class="chips">${d.windows
          .map((w) =>
            chip(
              w.value,
              `${esc(windowLabel(w))}${w.free === 1 ? " <small>last place</small>" : ""}`,
              w.value === chosen,
            ),
          )
          .join("")}</div></fieldset>`,
    )
    .join("");
  const none = `<fieldset class="day"><legend>No time now</legend><div class="chips">${chip("", "Call me to arrange a time", false)}</div></fieldset>`;
  return `${seen}<p class="note">The next ${count === 1 ? "free time" : `${count} free times`} for your address. Choose one:</p>${days}${none}`;
}

function scheduler(s: PageState) {
  const error = s.errors.get("appointment");
  return `<fieldset class="q" id="f_appointment"${error ? ' aria-describedby="e_appointment"' : ""}><legend>When may we visit?</legend>
<div data-slots>${slotFragment(s.slots?.offer, s.slots?.chosen ?? "")}</div>${error ? `<p class="error" id="e_appointment">${esc(error)}</p>` : ""}
<p class="hp" id="slots-status" aria-live="polite"></p><button class="find" type="submit" name="_step" value="slots" formnovalidate data-find>Find times for my address</button></fieldset>`;
}

function page(title: string, body: string, nonce: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style nonce="${nonce}">${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const states = [...US_STATES, ...CANADIAN_PROVINCES];

function control(e: LeadFormElement, values: string[], described: string, invalid: boolean, conditional: boolean) {
  const name = `q_${e.id}`;
  const id = `f_${e.id}`;
  const v = values[0] ?? "";
  const req = e.isRequired && !conditional ? " required" : "";
  const aria = `${described ? ` aria-describedby="${described}"` : ""}${invalid ? ' aria-invalid="true"' : ""}`;
  const auto = e.leadFieldId && AUTOCOMPLETE[e.leadFieldId] ? ` autocomplete="${AUTOCOMPLETE[e.leadFieldId]}"` : "";
  const input = (type: string, extra = "") =>
    `<input id="${id}" name="${name}" type="${type}" value="${esc(v)}"${auto}${req}${aria}${extra}>`;
  const options = (list: { value: string; label: string }[]) =>
    `<select id="${id}" name="${name}"${auto}${req}${aria}><option value="">Choose…</option>${list
      .map((o) => `<option value="${esc(o.value)}"${o.value === v ? " selected" : ""}>${esc(o.label)}</option>`)
      .join("")}</select>`;
  const choices = (type: "checkbox" | "radio", list: string[]) =>
    list
      .map((o, i) => {
        const checked = values.some((x) => x.toLowerCase() === o.toLowerCase()) ? " checked" : "";
        return `<div class="choice"><input id="${id}_${i}" name="${name}" type="${type}" value="${esc(o)}"${checked}${type === "radio" ? req : ""}${aria}><label for="${id}_${i}">${esc(o)}</label></div>`;
      })
      .join("");
  switch (e.questionType) {
    case "TEXT_AREA":
      return `<textarea id="${id}" name="${name}"${req}${aria} maxlength="4000">${esc(v)}</textarea>`;
    case "EMAIL":
      return input("email", ' inputmode="email" maxlength="254"');
    case "PHONE":
      return input("tel", ' inputmode="tel" maxlength="40"');
    case "NUMBER":
      return input("text", ' inputmode="decimal" maxlength="20"');
    case "DATE":
      return input("date");
    case "TIME":
      return input("time");
    case "DATE_TIME":
      return input("datetime-local");
    case "POSTAL_CODE":
      return input("text", ' autocomplete="postal-code" maxlength="10"');
    case "ADDRESS_AUTOFILL":
      return input("text", e.leadFieldId ? "" : ' autocomplete="street-address"');
    case "STATE_CODE":
      return options(states.map((s) => ({ value: s.code, label: s.name })));
    case "SELECT":
      return options(e.questionOptions.map((o) => ({ value: o, label: o })));
    case "SELECT_MULTIPLE":
      return choices("checkbox", e.questionOptions);
    case "YES_NO":
      return choices("radio", [CHECKED, "No"]);
    case "CHECKBOX":
      return `<div class="choice"><input id="${id}" name="${name}" type="checkbox" value="${CHECKED}"${values.includes(CHECKED) ? " checked" : ""}${aria}><label for="${id}">${esc(e.questionText)}${e.isRequired ? ' <span class="req" aria-hidden="true">*</span>' : ""}</label></div>`;
    default:
      return input("text", ' maxlength="500"');
  }
}

function question(e: LeadFormElement, form: FormWithElements, s: PageState) {
  const error = s.errors.get(e.id);
  const parent = e.parentElementId ? form.elements.find((p) => p.id === e.parentElementId) : undefined;
  const hint = parent
    ? `<span class="hint" id="h_${e.id}">Answer only if you answered “${esc(e.showIfParentEquals)}” to “${esc(parent.questionText)}”.</span>`
    : "";
  const described = [parent ? `h_${e.id}` : "", error ? `e_${e.id}` : ""].filter(Boolean).join(" ");
  const mark = e.isRequired ? ' <span class="req" aria-hidden="true">*</span><span class="hp"> (required)</span>' : "";
  const errorHtml = error ? `<p class="error" id="e_${e.id}">${esc(error)}</p>` : "";
  const addr = form.hasAppointmentScheduler && e.leadFieldId && SCHEDULER_FIELDS.has(e.leadFieldId) ? " data-addr" : "";
  const data = ` data-id="${e.id}"${parent ? ` data-parent="${parent.id}" data-show-if="${esc(e.showIfParentEquals)}"` : ""}${addr}`;
  const inputHtml = control(e, s.values.get(e.id) ?? [], described, !!error, !!parent);
  const group = e.questionType === "SELECT_MULTIPLE" || e.questionType === "YES_NO";
  if (group)
    return `<fieldset class="q"${data}${described ? ` aria-describedby="${described}"` : ""}><legend>${esc(e.questionText)}${mark}</legend>${hint}${inputHtml}${errorHtml}</fieldset>`;
  if (e.questionType === "CHECKBOX") return `<div class="q"${data}>${hint}${inputHtml}${errorHtml}</div>`;
  return `<div class="q"${data}><label for="f_${e.id}">${esc(e.questionText)}${mark}</label>${hint}${inputHtml}${errorHtml}</div>`;
}

export function formPage(form: FormWithElements, s: PageState, nonce: string) {
  const title = form.title || form.name;
  const summary =
    s.message || s.errors.size
      ? `<div class="summary" role="alert" tabindex="-1" id="summary"><p>${esc(s.message)}</p>${
          s.errors.size
            ? `<ul>${[...s.errors].map(([id, m]) => `<li><a href="#f_${id}">${esc(m)}</a></li>`).join("")}</ul>`
            : ""
        }</div>`
      : "";
  const body = `<div class="card"><h1>${esc(title)}</h1>${form.description ? `<p class="lead">${esc(form.description)}</p>` : ""}
${summary}<form method="post" action="/forms/${form.id}" data-lead-form>
<input type="hidden" name="_token" value="${esc(s.token)}">
<div class="hp" aria-hidden="true"><label for="${HONEYPOT}">Leave this empty</label><input id="${HONEYPOT}" name="${HONEYPOT}" type="text" tabindex="-1" autocomplete="off"></div>
${form.elements.map((e) => question(e, form, s)).join("\n")}
${form.hasAppointmentScheduler ? scheduler(s) : ""}
<p class="hint-req"><span class="req" aria-hidden="true">*</span> Required</p>
<button type="submit">Send</button></form></div><script nonce="${nonce}">${SCRIPT}</script>`;
  return page(title, body, nonce);
}

export function confirmationPage(
  form: FormWithElements,
  message: string,
  nonce: string,
  booked?: { date: string; startMinute: number; endMinute: number } | null,
) {
  const title = form.title || form.name;
  const visit = booked ? `<p><strong>Your visit: ${esc(windowText(booked))}.</strong></p>` : "";
  return page(
    `${title}: sent`,
    `<div class="card"><h1>${esc(title)}</h1><p role="status">${esc(message)}</p>${visit}<a class="again" href="/forms/${form.id}">Send another answer</a></div>`,
    nonce,
  );
}

export function notAvailablePage(nonce: string) {
  return page(
    "Form not available",
    `<div class="card"><h1>Form not available</h1><p>This form is not available. It may have been closed; please ask whoever sent you the link.</p></div>`,
    nonce,
  );
}
