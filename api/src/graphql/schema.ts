import { builder } from "./builder.ts";
import "./enums.ts";
import "../modules/system/system.schema.ts";
import "../modules/branding/branding.schema.ts";
import "../modules/account/account.schema.ts";

export const schema = builder.toSchema({ sortSchema: true });
