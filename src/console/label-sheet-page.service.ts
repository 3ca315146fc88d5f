import { Injectable } from '@nestjs/common';
import { DeviceLabelsService } from '../access-points/device-labels.service';
import { AuthUser } from '../common/auth/auth-user';
import { exact, formFields, orRefusedTo, refusalText } from '../web/form';
import { Redirect, redirectTo, refusedTo } from '../web/page-outcome';
import { plural } from '../web/plural';
import { labelSheet } from './label-sheet';

/** A refused sheet names at most this many of its problems (and how many more there are). */
const PROBLEMS_SHOWN = 10;

/**
 * The device list's label sheet: a CSV of MAC and label, uploaded (or pasted) on the Devices page,
 * sets every label it names at once through the labels' service, all or none.
 */
@Injectable()
export class LabelSheetPageService {
  constructor(private readonly labels: DeviceLabelsService) {}

  async apply(user: AuthUser, body: unknown, back: string): Promise<Redirect> {
    const read = labelSheet(exact(formFields(body).sheet));
    if ('problems' in read) {
      return refusedTo(back, problemsText(read.problems));
    }
    return orRefusedTo(
      back,
      async () => {
        const { labelled, unchanged } = await this.labels.setLabels(user, read.rows, 'console');
        const already =
          unchanged > 0 ? `; ${plural(unchanged, 'device')} had that label already` : '';
        return redirectTo(back, `${plural(labelled, 'label')} set${already}.`);
      },
      (error) => {
        const text = refusalText(error);
        return text === null ? null : `Nothing was labelled. ${text}.`;
      },
    );
  }
}

function problemsText(problems: string[]): string {
  const shown = problems.slice(0, PROBLEMS_SHOWN).join(' ');
  const more = problems.length - PROBLEMS_SHOWN;
  return `Nothing was labelled. ${shown}${more > 0 ? ` And ${plural(more, 'more problem')}.` : ''}`;
}
