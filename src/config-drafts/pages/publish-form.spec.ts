import { BLANK_PUBLISH_FORM, publishOf, readPublishForm } from './publish-form';

describe('publish form', () => {
  it('reads the form as typed', () => {
    expect(
      readPublishForm({
        mode: 'staged',
        stages: ' 50, 100 ',
        max_failure_percent: '10',
        watch_seconds: '60',
        auto_revert: 'true',
        stage_wait_seconds: '',
      }),
    ).toEqual({
      staged: true,
      stages: '50, 100',
      max_failure_percent: '10',
      watch_seconds: '60',
      auto_revert: true,
      stage_wait_seconds: '',
    });
    expect(readPublishForm({ mode: 'now' })).toMatchObject({ staged: false, auto_revert: false });
  });

  it('publishes at once unless staged, whatever the staged fields hold', () => {
    expect(publishOf({ ...BLANK_PUBLISH_FORM, stages: 'nonsense' })).toEqual({
      settings: {
        stages: [100],
        max_failure_percent: 0,
        watch_seconds: 300,
        auto_revert: true,
        stage_wait_seconds: 0,
      },
      errors: [],
    });
  });

  it('takes the stages and settings, blank ones the defaults', () => {
    expect(
      publishOf({
        staged: true,
        stages: '50%, 100%',
        max_failure_percent: '25%',
        watch_seconds: '',
        auto_revert: false,
        stage_wait_seconds: '120',
      }),
    ).toEqual({
      settings: {
        stages: [50, 100],
        max_failure_percent: 25,
        watch_seconds: 300,
        auto_revert: false,
        stage_wait_seconds: 120,
      },
      errors: [],
    });
  });

  it('refuses what the API refuses, naming each field', () => {
    const { errors } = publishOf({
      staged: true,
      stages: '50, 20',
      max_failure_percent: '101',
      watch_seconds: 'soon',
      auto_revert: true,
      stage_wait_seconds: '',
    });
    expect(errors).toEqual([
      'stages must be a strictly increasing list of whole percentages from 1 to 100 that ends with 100',
      'max_failure_percent must be a number from 0 to 100',
      'watch_seconds must not be greater than 86400',
      'watch_seconds must not be less than 0',
      'watch_seconds must be an integer number',
    ]);
    expect(publishOf({ ...BLANK_PUBLISH_FORM, staged: true, stages: '' }).errors).toEqual([
      'stages must be given to publish in stages, for example 10, 50, 100',
    ]);
  });
});
