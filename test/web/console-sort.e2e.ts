process.env.TZ = 'UTC';
import { signedIn } from '../harness/web-session';
import { consoleFleet, htmlOf } from '../harness/console.helpers';
import { onBothDatabases } from '../harness/app';

/** The names of the device list's rows, in order. */
const namesOf = (html: string) =>
  [
    ...html.matchAll(
      /<td><span class="device-name">(lobby-up|lobby-down|roof-never|roof-up|spare)<\/span>/g,
    ),
  ].map((m) => m[1]);

// The device list sorts by name, MAC or last seen, on every page and in its CSV.
onBothDatabases('console device list sorting', (t) => {
  it('sorts by name, MAC, latest seen and longest silent, never-seen devices last', async () => {
    const { admin, up, down, never, roofUp, loose } = await consoleFleet(t());
    const agent = await signedIn(t(), admin);
    const list = async (sort: string) =>
      namesOf(htmlOf(await agent.get(`/devices?sort=${sort}`).expect(200)));

    expect(await list('name')).toEqual([
      'lobby-down',
      'lobby-up',
      'roof-never',
      'roof-up',
      'spare',
    ]);
    // Heard from 10 s, 30 s, 1 h and 2 h ago; roof-never never.
    expect(await list('recent')).toEqual([
      'roof-up',
      'lobby-up',
      'lobby-down',
      'spare',
      'roof-never',
    ]);
    expect(await list('silent')).toEqual([
      'spare',
      'lobby-down',
      'lobby-up',
      'roof-up',
      'roof-never',
    ]);
    const byMac = [up, down, never, roofUp, loose].sort((a, b) => a.mac_id.localeCompare(b.mac_id));
    expect(await list('mac')).toEqual(byMac.map((d) => d.name));
    // Unknown: the order claimed (by id), as without a sort.
    expect(await list('bogus')).toEqual([
      'lobby-up',
      'lobby-down',
      'roof-never',
      'roof-up',
      'spare',
    ]);

    const page = htmlOf(await agent.get('/devices?sort=silent&status=DOWN').expect(200));
    expect(page).toContain(
      '<option value="silent" selected>Last seen, longest silent first</option>',
    );
    expect(page).toContain('href="/devices.csv?status=DOWN&amp;sort=silent"');
    expect(namesOf(page)).toEqual(['spare', 'lobby-down']);
  });

  it('exports the devices in the order the list shows', async () => {
    const { admin } = await consoleFleet(t());
    const agent = await signedIn(t(), admin);
    const csv = (await agent.get('/devices.csv?sort=recent').expect(200)).text;
    const names = csv
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
    expect(names).toEqual(['roof-up', 'lobby-up', 'lobby-down', 'spare', 'roof-never']);
  });
});
