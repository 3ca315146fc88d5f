/**
 * How a staged change (a firmware or a configuration rollout) lays its devices out at creation:
 * the devices ordered once (UP first, then the rest, each group by id) and cut into stages by the
 * ceil formula. Pure.
 */

/** Whether `stages` is a strictly increasing list of whole percentages from 1 to 100 ending with 100. */
export function validStages(stages: unknown): stages is number[] {
  return (
    Array.isArray(stages) &&
    stages.length > 0 &&
    stages.every(
      (p, i) =>
        typeof p === 'number' &&
        Number.isInteger(p) &&
        p >= 1 &&
        p <= 100 &&
        (i === 0 || p > (stages[i - 1] as number)),
    ) &&
    stages[stages.length - 1] === 100
  );
}

/** The devices in rollout order: UP first, then the rest, each group by id ascending. */
export function rolloutOrder(deviceIds: number[], up: ReadonlySet<number>): number[] {
  const sorted = [...deviceIds].sort((a, b) => a - b);
  return [...sorted.filter((id) => up.has(id)), ...sorted.filter((id) => !up.has(id))];
}

/**
 * Stage k holds the positions ceil(N × p(k−1) / 100) to ceil(N × p(k) / 100) (end excluded),
 * p(0) = 0: the number of devices of each stage.
 */
export function stageSizes(count: number, stages: number[]): number[] {
  const bound = (percent: number) => Math.ceil((count * percent) / 100);
  return stages.map((percent, k) => bound(percent) - bound(k === 0 ? 0 : stages[k - 1]));
}

/** The devices of each stage, in rollout order. */
export function planStages(ordered: number[], stages: number[]): number[][] {
  let start = 0;
  return stageSizes(ordered.length, stages).map((size) => {
    const devices = ordered.slice(start, start + size);
    start += size;
    return devices;
  });
}
