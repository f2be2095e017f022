import { ServiceError } from '@backtalk/kit';
import { type Actor, ErrorCode } from '@backtalk/proto';
import { ContentController } from './content.controller';
import type { DataExportProfileEntity } from './data-export-profile.entity';
import type { DataExportProfileRepository } from './data-export-profile.repository';

const archive = JSON.stringify({
  Profile: { 'Profile Information': { ProfileMap: { userName: 'export.maker', bioDescription: 'bio' } } },
  Activity: { 'Follower List': { FansList: [] } },
});

/** A repository that keeps what it is given, so a test sees whether anything was stored. */
function storingRepository(): { repository: DataExportProfileRepository; saved: string[] } {
  const saved: string[] = [];
  const repository = {
    save: (profile: Omit<DataExportProfileEntity, 'importedAt'>) => {
      saved.push(profile.userId);
      return Promise.resolve({ ...profile, importedAt: new Date() });
    },
  } as unknown as DataExportProfileRepository;
  return { repository, saved };
}

describe('importing a TikTok data export', () => {
  it('refuses a guest with FORBIDDEN and stores nothing, as the other onboarding routes do', async () => {
    const { repository, saved } = storingRepository();
    const controller = new ContentController([], repository);
    const guest: Actor = { userId: 'guest-1', userType: 'guest', groups: [] };
    const refusal = await controller.importDataExport({ actor: guest, archive }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ServiceError);
    expect(refusal).toMatchObject({ code: ErrorCode.Forbidden, message: expect.stringContaining('Sign in') });
    expect(saved).toEqual([]);
  });

  it('stores the profile of a signed-in user', async () => {
    const { repository, saved } = storingRepository();
    const controller = new ContentController([], repository);
    const user: Actor = { userId: 'user-1', userType: 'authenticated', groups: [] };
    await expect(controller.importDataExport({ actor: user, archive })).resolves.toMatchObject({
      handle: 'export.maker',
    });
    expect(saved).toEqual(['user-1']);
  });
});
