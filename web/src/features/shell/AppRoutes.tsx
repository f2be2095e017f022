import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { CreatorChatPage } from '../chat/CreatorChatPage';
import { NoCreatorPage } from '../creator-list/NoCreatorPage';
import { LandingPage } from '../landing/LandingPage';
import { PrivacyPolicyPage } from '../legal/PrivacyPolicyPage';
import { TermsOfServicePage } from '../legal/TermsOfServicePage';
import { AppShell } from './AppShell';

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<LandingPage />} />
        <Route path="ai-chat" element={<NoCreatorPage />} />
        <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="terms-of-service" element={<TermsOfServicePage />} />
        <Route path="*" element={<CreatorOrHome />} />
      </Route>
    </Routes>
  );
}

/** `/@{username}` paths are creator chats (route patterns cannot express the '@' prefix); any other path goes home. */
function CreatorOrHome() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/@')) return <CreatorChatPage />;
  return <Navigate to="/" replace />;
}
