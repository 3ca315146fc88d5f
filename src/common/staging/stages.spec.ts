import { planStages, rolloutOrder, stageSizes, validStages } from './stages';

describe('rollout plan: devices UP first, split into stages', () => {
  it.each([
    [1, [100], [1]],
    [10, [1, 10, 50, 100], [1, 0, 4, 5]],
    [100, [1, 10, 50, 100], [1, 9, 40, 50]],
    [3, [10, 20, 100], [1, 0, 2]],
    [7, [25, 50, 75, 100], [2, 2, 2, 1]],
    [10000, [1, 10, 50, 100], [100, 900, 4000, 5000]],
    [1, [1, 2, 100], [1, 0, 0]],
  ])('cuts %i devices into stages %j as %j (ceil formula)', (n, stages, sizes) => {
    expect(stageSizes(n, stages)).toEqual(sizes);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
  });

  it('orders UP devices first, then the rest, each by id', () => {
    expect(rolloutOrder([5, 3, 9, 1, 7], new Set([9, 3]))).toEqual([3, 9, 1, 5, 7]);
  });

  it('hands each stage its devices in order', () => {
    expect(planStages([3, 9, 1, 5, 7], [10, 20, 100])).toEqual([[3], [], [9, 1, 5, 7]]);
  });

  it.each([
    [[100], true],
    [[1, 10, 50, 100], true],
    [[], false],
    [[50], false],
    [[0, 100], false],
    [[10, 10, 100], false],
    [[20, 10, 100], false],
    [[10.5, 100], false],
    [['10', 100], false],
    [[100, 101], false],
    ['100', false],
    [null, false],
  ])('accepts %j as stages: %s', (stages, valid) => {
    expect(validStages(stages)).toBe(valid);
  });
});
