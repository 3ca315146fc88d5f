import { requestSummaries } from './upgrade-request-summary';
import { newRequestId } from './upgrade-request';

describe('requestSummaries', () => {
  const at = new Date('2030-01-02T03:04:05.678Z');
  const first = newRequestId(at);
  const second = newRequestId(new Date(at.getTime() + 1000));

  it('counts every status of each request, in the order of the ids', () => {
    const rows = [
      { request_id: first, version: '2.0.0', rollout_id: null, status: 'done' as const, count: 3 },
      { request_id: second, version: '2.1.0', rollout_id: 7, status: 'pending' as const, count: 2 },
      {
        request_id: first,
        version: '2.0.0',
        rollout_id: null,
        status: 'failed' as const,
        count: 1,
      },
      {
        request_id: second,
        version: '2.1.0',
        rollout_id: null,
        status: 'cancelled' as const,
        count: 1,
      },
    ];
    expect(requestSummaries([second, first], rows)).toEqual([
      {
        id: second,
        created_at: '2030-01-02T03:04:06.678Z',
        version: '2.1.0',
        rollout_id: 7,
        counts: { pending: 2, in_progress: 0, done: 0, failed: 0, cancelled: 1 },
        total: 3,
      },
      {
        id: first,
        created_at: '2030-01-02T03:04:05.678Z',
        version: '2.0.0',
        rollout_id: null,
        counts: { pending: 0, in_progress: 0, done: 3, failed: 1, cancelled: 0 },
        total: 4,
      },
    ]);
  });

  it('leaves out a request without a counted upgrade', () => {
    expect(requestSummaries([first], [])).toEqual([]);
  });
});
