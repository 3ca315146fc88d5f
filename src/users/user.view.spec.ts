import { User } from './user.entity';
import { userView } from './user.view';

describe('userView', () => {
  it('shows a user in a membership as id, email, organisation_id, role and super_admin, nothing else', () => {
    const user = Object.assign(new User(), {
      id: 3,
      email: 'ops@example.com',
      organisation_id: 1,
      super_admin: false,
      password_hash: 'scrypt$secret',
    });
    expect(JSON.stringify(userView(user, { organisation_id: 2, role: 'admin' }))).toBe(
      '{"id":3,"email":"ops@example.com","organisation_id":2,"role":"admin","super_admin":false}',
    );
  });
});
