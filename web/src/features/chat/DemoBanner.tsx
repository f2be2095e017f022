export const DEMO_BANNER_TEXT = 'THIS IS A DEMO ACCOUNT, NOT FOR DISTRIBUTION';

export function DemoBanner() {
  return (
    <div className="demo-banner" role="note">
      {DEMO_BANNER_TEXT}
    </div>
  );
}
