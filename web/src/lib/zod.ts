// The web's "zod": web/vite.config.ts resolves every `import … from "zod"` in the web app to this file,
// so zod is configured before any schema is built, wherever the first schema lives, and zod stays out
// of the first load of pages that validate nothing (main.tsx used to configure it).
//
// Zod probes whether eval works (new Function) before its first parse; the Content-Security-Policy
// forbids eval, and the probe would report a violation each time. Its slower path needs no eval.
import { z } from "zod/v4";

z.config({ jitless: true });

export * from "zod/v4";
export { z };
export default z;
