export interface ScheduleDTO {
  id: string;
  classroomId: string;
  dayOfWeek: string;
  startTime: string;
  endTime: string;
  createdAt: string;
  updatedAt: string;
}
