// The fixed material of the demo telemetry (telemetry.seed.ts): time units, the desktop errors it
// draws from, builds, users, machines and sync channels.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const DAYS = 30;

export type Sev = "ERROR" | "FATAL" | "INFO" | "WARNING";
export const ERRORS: { severity: Sev; program: string; lineNum: number; message: string; stack: string }[] = [
  {
    severity: "ERROR",
    program: "RouteSheetPrint",
    lineNum: 412,
    message: "Object reference not set to an instance of an object.",
    stack:
      "at Wtd.Routes.RouteSheet.PrintStops(RouteSheet sheet)\nat Wtd.Routes.RouteSheetForm.btnPrint_Click(Object sender, EventArgs e)",
  },
  {
    severity: "ERROR",
    program: "InvoiceBatch",
    lineNum: 88,
    message: "Timeout expired. The timeout period elapsed prior to completion of the operation.",
    stack:
      "at System.Data.SqlClient.SqlCommand.ExecuteReader()\nat Wtd.Billing.InvoiceBatch.LoadOpenItems(Int32 routeId)",
  },
  {
    severity: "WARNING",
    program: "PrintService",
    lineNum: 57,
    message: "Printer not found: \\\\OFFICE-PC\\Zebra-ZD420",
    stack: "at Wtd.Printing.PrintService.Resolve(String name)",
  },
  {
    severity: "FATAL",
    program: "WebSyncAgent",
    lineNum: 203,
    message: "The underlying connection was closed: An unexpected error occurred on a send.",
    stack: "at System.Net.HttpWebRequest.GetResponse()\nat Wtd.Sync.WebSyncAgent.PushBatch(SyncBatch batch)",
  },
  {
    severity: "ERROR",
    program: "CustomerEdit",
    lineNum: 1290,
    message: "Violation of PRIMARY KEY constraint 'PK_ContactPhone'. Cannot insert duplicate key.",
    stack:
      "at Wtd.Customers.CustomerEditForm.SavePhones()\nat Wtd.Customers.CustomerEditForm.btnSave_Click(Object sender, EventArgs e)",
  },
  {
    severity: "INFO",
    program: "Updater",
    lineNum: 31,
    message: "Update check skipped: the update server did not answer in 10 seconds.",
    stack: "at Wtd.Updater.CheckForUpdates()",
  },
  {
    severity: "ERROR",
    program: "PaymentPost",
    lineNum: 644,
    message: "Gateway response could not be parsed: unexpected end of input.",
    stack: "at Wtd.Payments.GatewayClient.Parse(String body)\nat Wtd.Payments.PaymentPost.Post(Payment p)",
  },
  {
    severity: "WARNING",
    program: "RouteOptimizer",
    lineNum: 150,
    message: "Geocode missing for 3 stops; they were placed at the end of the route.",
    stack: "at Wtd.Routes.RouteOptimizer.Order(Route r)",
  },
  {
    severity: "FATAL",
    program: "Startup",
    lineNum: 12,
    message:
      "Could not load file or assembly 'Wtd.Reports, Version=4.2.0.0'. The system cannot find the file specified.",
    stack: "at Wtd.Program.Main(String[] args)",
  },
  {
    severity: "ERROR",
    program: "HandheldImport",
    lineNum: 377,
    message: "Input string was not in a correct format.",
    stack: "at System.Number.ParseInt32(String s)\nat Wtd.Handhelds.HandheldImport.ReadTicket(String line)",
  },
  {
    severity: "WARNING",
    program: "InvoiceBatch",
    lineNum: 140,
    message: "Statement email bounced for 2 customers.",
    stack: "at Wtd.Billing.StatementMailer.Send(Statement s)",
  },
  {
    severity: "ERROR",
    program: "ReportViewer",
    lineNum: 75,
    message: "Arithmetic operation resulted in an overflow.",
    stack: "at Wtd.Reports.SalesByRoute.Total()\nat Wtd.Reports.ReportViewer.Render()",
  },
];
export const BUILDS = ["7.4.2210", "7.4.2231", "7.5.0102"];
export const USERS = { demo: ["eric", "dana.dispatch", "carl.csr", "ari.ar"], north: ["nora", "nils.driver"] };
export const MACHINES = { demo: ["OFFICE-PC", "DISPATCH-01", "FRONT-DESK"], north: ["NS-OFFICE", "NS-LAPTOP"] };

export type Channel = "WEB_SYNC" | "WTD_SYNC" | "MOBILE_RELAY" | "TERMINAL_RELAY";
