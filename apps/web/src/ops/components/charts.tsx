import { useId } from 'react';
import styles from './charts.module.css';

export interface ChartPoint {
  /** The x label (a day). */
  label: string;
  value: number;
}

interface ChartProps {
  title: string;
  points: ChartPoint[];
  /** How a value reads (bytes, a count). */
  format: (value: number) => string;
  /** Column headers of the table that stands in for the picture. */
  labelHeader: string;
  valueHeader: string;
}

const W = 600;
const H = 180;
const PAD = { top: 12, right: 8, bottom: 22, left: 8 };

/** The picture is decoration for sighted readers; the same figures are a table for everyone else. */
function ChartFrame({ title, points, format, labelHeader, valueHeader, children }: ChartProps & { children: React.ReactNode }) {
  const captionId = useId();
  const max = Math.max(0, ...points.map((p) => p.value));
  const last = points.at(-1);
  return (
    <figure className={styles.figure} aria-labelledby={captionId}>
      <figcaption id={captionId} className={styles.caption}>
        <span>{title}</span>
        {last ? <strong className={styles.latest}>{format(last.value)}</strong> : null}
      </figcaption>
      <svg className={styles.svg} viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} className={styles.axis} />
        {children}
      </svg>
      <div className={styles.scale} aria-hidden="true">
        <span>{points[0]?.label ?? ''}</span>
        <span>{format(max)}</span>
        <span>{last?.label ?? ''}</span>
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.label}>
              <th scope="row">{point.label}</th>
              <td>{format(point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function scaleY(value: number, max: number): number {
  const inner = H - PAD.top - PAD.bottom;
  return H - PAD.bottom - (max > 0 ? (value / max) * inner : 0);
}

/** Bars per day (uploads). */
export function BarChart(props: ChartProps) {
  const { points } = props;
  const max = Math.max(0, ...points.map((p) => p.value));
  const slot = (W - PAD.left - PAD.right) / Math.max(1, points.length);
  const barWidth = Math.max(2, slot * 0.7);
  return (
    <ChartFrame {...props}>
      {points.map((point, i) => {
        const y = scaleY(point.value, max);
        return <rect key={point.label} className={styles.bar} x={PAD.left + i * slot + (slot - barWidth) / 2} y={y} width={barWidth} height={H - PAD.bottom - y} rx={2} />;
      })}
    </ChartFrame>
  );
}

/** A line over days (storage used), with the area under it. */
export function LineChart(props: ChartProps) {
  const { points } = props;
  const max = Math.max(0, ...points.map((p) => p.value));
  const step = (W - PAD.left - PAD.right) / Math.max(1, points.length - 1);
  const coords = points.map((p, i) => [PAD.left + i * step, scaleY(p.value, max)] as const);
  const line = coords.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`).join(' ');
  const area = coords.length > 0 ? `${line} L${coords.at(-1)![0].toFixed(1)} ${H - PAD.bottom} L${coords[0]![0].toFixed(1)} ${H - PAD.bottom} Z` : '';
  return (
    <ChartFrame {...props}>
      {area ? <path d={area} className={styles.area} /> : null}
      {line ? <path d={line} className={styles.line} /> : null}
      {coords.length === 1 ? <circle cx={coords[0]![0]} cy={coords[0]![1]} r={4} className={styles.dot} /> : null}
    </ChartFrame>
  );
}
