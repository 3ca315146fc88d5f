import { DEVICE_ORDERS, deviceOrderSql } from './device-order';

describe('deviceOrderSql', () => {
  it('ends every order with the id, so that equal keys keep one order across pages', () => {
    for (const order of DEVICE_ORDERS) {
      expect(deviceOrderSql(order)).toMatch(/d\."id"$/);
    }
  });

  it('puts devices never heard from last when ordering by last seen, either way', () => {
    expect(deviceOrderSql('recent')).toBe(
      '(h."received_at" IS NULL), h."received_at" DESC, d."id"',
    );
    expect(deviceOrderSql('silent')).toBe('(h."received_at" IS NULL), h."received_at", d."id"');
  });

  it('orders names without regard to case, unnamed devices last', () => {
    expect(deviceOrderSql('name')).toBe('(d."name" IS NULL), LOWER(d."name"), d."id"');
  });
});
