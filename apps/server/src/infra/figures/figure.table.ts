/**
 * Operating figures kept for the operator's dashboard (issue 27): counters and gauges per day and per minute, written by
 * every instance (counters add up across instances; gauges are set by one scheduled roll-up).
 */
export interface MetricDayTable {
  name: string;
  /** 'YYYY-MM-DD' in the business time zone (Europe/Istanbul). */
  day: string;
  value: number;
}

export interface MetricMinuteTable {
  name: string;
  /** Epoch minute (ms / 60,000, floored). */
  minute: number;
  value: number;
}

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../db/schema.js' {
  interface DB {
    metric_day: MetricDayTable;
    metric_minute: MetricMinuteTable;
  }
}
