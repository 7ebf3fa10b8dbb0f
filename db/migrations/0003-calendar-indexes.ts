import type { QueryInterface } from "sequelize";
import type { Migration } from "../migration.ts";

/**
 * Indexes for the month calendar, which reads one month of trials by day:
 * - (scheduledDate, status, updatedAt) answers the per-day and per-status counts
 *   of the KPI cards, and when the month last changed, from the index alone;
 * - (scheduledDate, scheduledTime, studentName, id) hands out the first trials of
 *   a day already in calendar order.
 * Both start with scheduledDate, so the single-column index of 0001 goes.
 */
export const calendarIndexes: Migration = {
  name: "0003-calendar-indexes",
  async up(qi: QueryInterface) {
    await qi.addIndex("trials", ["scheduledDate", "status", "updatedAt"], { name: "trials_scheduled_date_status" });
    await qi.addIndex("trials", ["scheduledDate", "scheduledTime", "studentName", "id"], { name: "trials_calendar_order" });
    await qi.removeIndex("trials", ["scheduledDate"]);
  },
  async down(qi: QueryInterface) {
    await qi.addIndex("trials", ["scheduledDate"]);
    await qi.removeIndex("trials", "trials_calendar_order");
    await qi.removeIndex("trials", "trials_scheduled_date_status");
  },
};
