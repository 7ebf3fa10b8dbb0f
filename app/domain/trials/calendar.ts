/**
 * The trials calendar's data: what a block shows of a trial and a day's
 * trials. The date helpers it works with live in ~/domain/calendar/dates.
 */

/** What a calendar block shows of a trial. */
export interface CalendarTrial {
  id: string;
  guardianName: string;
  studentName: string;
  whatsappNumber: string;
  scheduledDate: string;
  scheduledTime: string;
  status: string;
  /** Its class as lists name it ('Ballet - Turma 3'). */
  classLabel: string;
  /** The trial has led to an enrolment (the block reads 'Matriculado'). */
  enrolled: boolean;
  /** The trial is lost ('Perdido'): its reason (the block is greyed); null otherwise. */
  lostReason: string | null;
}

/** A day of the calendar: its first trials (calendar order) and how many it has. */
export interface CalendarDayTrials {
  trials: CalendarTrial[];
  total: number;
}

/** The id of a trial's block on the calendar: the fragment a status change without JavaScript comes back to. */
export const trialAnchor = (trialId: string) => `tb-${trialId}`;
