// The workflow module's GraphQL: configuration (projects, steps, milestones, priorities, types) and
// the work itself (threads, activities, my work, the activity summary).
import "./config.schema.ts";
import "./activities.schema.ts";
import "./activities.viewer-can.ts";
import "./record-options.schema.ts";
