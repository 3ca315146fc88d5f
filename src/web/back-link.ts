/** Where an error page leads back to: the list of the section the path was in. */
export interface BackLink {
  href: string;
  label: string;
}

const SECTIONS: [prefix: string, link: BackLink][] = [
  ['/devices', { href: '/devices', label: 'Back to devices' }],
  ['/networks', { href: '/networks', label: 'Back to networks' }],
  ['/upgrades', { href: '/upgrades', label: 'Back to upgrades' }],
  ['/rollouts', { href: '/rollouts', label: 'Back to rollouts' }],
  ['/events', { href: '/events', label: 'Back to events' }],
  ['/alert_rules', { href: '/alert_rules', label: 'Back to alert rules' }],
  ['/alerts', { href: '/alerts', label: 'Back to alerts' }],
  ['/webhooks', { href: '/webhooks', label: 'Back to webhooks' }],
  ['/commands', { href: '/devices', label: 'Back to devices' }],
];

/**
 * The error page's way back for a request path (a missing device's 404 led "Back to
 * upgrades"): its section's list, else the overview for a signed-in user, else sign-in.
 */
export function backLink(path: string, signedIn: boolean): BackLink {
  const bare = path.split(/[?#]/)[0];
  for (const [prefix, link] of SECTIONS) {
    if (bare === prefix || bare.startsWith(`${prefix}/`)) {
      return link;
    }
  }
  return signedIn
    ? { href: '/overview', label: 'Back to the overview' }
    : { href: '/login', label: 'Sign in' };
}
