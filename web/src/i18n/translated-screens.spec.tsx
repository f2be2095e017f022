import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ChatHeader } from '../features/chat/ChatHeader';
import { MessageBubble } from '../features/chat/MessageBubble';
import { SubscriptionModal } from '../features/chat/SubscriptionModal';
import { DiscoverPage } from '../features/discover/DiscoverPage';
import { LandingPage } from '../features/landing/LandingPage';
import { MyChatsPage } from '../features/my-chats/MyChatsPage';
import { Footer } from '../features/shell/Footer';
import { newSubscription } from '../features/payments/subscription.fixtures';
import { subscriptionLine } from '../features/payments/subscription-line';
import { SignInPage } from '../features/sign-in/SignInPage';
import { http, server } from '../test/api-mock';
import { newCreator, resetAppState, signInAs, WithProviders } from '../test/fixtures';
import { i18n } from './i18n';
import { LANGUAGE_STORAGE_KEY } from './languages';

function renderAt(path: string, element: React.ReactElement) {
  render(
    <WithProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={element} />
        </Routes>
        <Footer />
      </MemoryRouter>
    </WithProviders>,
  );
}

describe('fan-facing screens in Spanish and Portuguese', () => {
  beforeEach(() => {
    resetAppState();
    signInAs({ userType: 'guest' });
  });
  afterEach(() => cleanup());

  it('shows the landing page in Spanish, and the footer switches it to English and remembers', async () => {
    await i18n.changeLanguage('es');
    renderAt('/', <LandingPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mensajes directos que sí responden');
    expect(screen.getByRole('button', { name: '¡Prueba Backtalk ahora!' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Cómo funciona' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Política de privacidad' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Idioma'), { target: { value: 'en' } });

    expect(await screen.findByRole('button', { name: 'Try Backtalk now!' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('DMs that actually answer back');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('shows /discover in Portuguese, with Portuguese plurals and number grouping', async () => {
    server.use(
      http.get('/api/discover/creators', ({ response }) =>
        response(200).json({
          creators: [
            {
              id: '00000000-0000-4000-8000-000000000001',
              handle: 'dez.looks.up',
              nickName: 'Dez',
              thumb: '',
              verified: true,
              demoAccount: false,
              followerCount: 21700,
              topics: ['lua'],
            },
          ],
          total: 1,
          page: 1,
          pageSize: 24,
        }),
      ),
    );
    await i18n.changeLanguage('pt');
    renderAt('/discover', <DiscoverPage />);
    expect(screen.getByRole('heading', { name: 'Descobrir criadores' })).toBeTruthy();
    expect(await screen.findByText('1 criador')).toBeTruthy();
    expect(screen.getByText('21.700 seguidores')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Conversar com Dez' })).toBeTruthy();
  });

  it('shows the sign-in form and its rules in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderAt('/sign-in', <SignInPage />);
    const email = await screen.findByLabelText('Correo electrónico');
    expect(screen.getByRole('tab', { name: 'Registrarse' })).toBeTruthy();
    fireEvent.change(email, { target: { value: 'not an email' } });
    expect(await screen.findByText('Escribe un correo electrónico válido')).toBeTruthy();
    expect(screen.getByRole('button', { name: '¿Olvidaste tu contraseña?' })).toBeTruthy();
  });

  it('asks for the texted sign-in code in Spanish, with its rule', async () => {
    server.use(
      http.post('/api/auth/sign-in', ({ response }) =>
        response(200).json({
          nextStep: {
            step: 'confirmSignIn',
            method: 'SMS',
            codeDelivery: { medium: 'SMS', destination: '+*******0100' },
          },
          challenge: 'challenge-0123456789',
        }),
      ),
    );
    await i18n.changeLanguage('es');
    renderAt('/sign-in', <SignInPage />);
    const email = await screen.findByLabelText('Correo electrónico');
    fireEvent.change(email, { target: { value: 'fan@example.com' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'Abcdef1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect(await screen.findByRole('heading', { name: 'Confirma el código SMS' })).toBeTruthy();
    expect(screen.getByText(/enviamos por SMS a \*\*\*0100\./)).toBeTruthy();
    expect(screen.getByLabelText('Código')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Volver a iniciar sesión' })).toBeTruthy();
  });

  it('says in Portuguese when more messages can be sent, with the time zone', async () => {
    await i18n.changeLanguage('pt');
    const at = new Date();
    at.setHours(15, 45, 0, 0);
    render(
      <SubscriptionModal
        open
        nextAvailableTime={at.toISOString()}
        isGuest
        onClose={jest.fn()}
        onSignUp={jest.fn()}
        onSubscribe={jest.fn()}
      />,
    );
    const zone =
      new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? '';
    const text = screen.getByText(/^Você atingiu seu limite de mensagens\./).textContent ?? '';
    expect(text).toContain(zone);
    expect(text).toMatch(/depois de .*45/);
    expect(screen.getByRole('button', { name: 'Cadastrar-se' })).toBeTruthy();
  });

  it('dates a cited post in the language shown, not the browser’s (an English browser here)', async () => {
    const reply = {
      id: 'm1',
      role: 'assistant' as const,
      content: 'Sí.',
      createdAt: '2026-08-21T12:00:00Z',
      status: 'complete' as const,
      citations: [{ postId: 'p1', date: '2026-08-21T12:00:00Z', url: '', caption: '' }],
    };
    await i18n.changeLanguage('es');
    renderAt('/', <MessageBubble message={reply} />);
    expect(screen.getByText(/^Publicación del/).textContent).toBe('Publicación del 21 ago 2026');
    await act(() => i18n.changeLanguage('pt'));
    expect(screen.getByText(/^Publicação de/).textContent).toBe('Publicação de 21 de ago. de 2026');
  });

  it('says a subscription in Spanish, with the date and money in the reader’s locale', async () => {
    await i18n.changeLanguage('es');
    const euros = { ...newSubscription('creator-1', true), price: { amount: 1250, currency: 'eur' } };
    expect(subscriptionLine(euros, 'es-ES')).toEqual({
      status: 'Activa',
      price: '12,50\u00a0€ / mes',
      date: 'Se renueva el 1 jun 2026',
    });
    await i18n.changeLanguage('pt');
    expect(subscriptionLine(newSubscription('creator-1', false), 'pt-BR')).toEqual({
      status: 'Encerrada',
      price: 'US$\u00a010,00 / mês',
      date: 'Encerrou em 1 de jun. de 2026',
    });
  });

  describe('My chats and the chat header', () => {
    const maya = newCreator({
      id: '00000000-0000-4000-8000-00000000000a',
      nickName: 'Maya',
      handle: 'maya.makes',
      verified: true,
    });
    // The fan wrote last; two replies are unread.
    const at = '2025-03-04T18:30:00.000Z';
    const lastMessage = { role: 'user' as const, text: 'Any pasta ideas?' };
    const id = '00000000-0000-4000-8000-000000000002';
    const chat = { id, creatorId: maya.id, title: 'Dinner ideas', unread: 2, lastMessage };
    const summary = { ...chat, createdAt: at, lastActivityAt: at };
    const listing = (conversations: (typeof summary)[]) =>
      server.use(
        http.get('/api/creators/{id}', ({ response }) => response(200).json(maya)),
        http.get('/api/conversations', ({ response }) => response(200).json({ conversations })),
      );

    beforeEach(() => signInAs());

    it('shows /chats in Spanish: the list, its plurals, the search rule and the delete dialog', async () => {
      listing([summary]);
      await i18n.changeLanguage('es');
      renderAt('/chats', <MyChatsPage />);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mis chats');
      expect(screen.getByRole('status', { name: 'Cargando tus chats' })).toBeTruthy();
      const row = (await screen.findByRole('link', { name: /Dinner ideas/ })).closest('li')!;
      expect(within(row).getByText('Tú: Any pasta ideas?')).toBeTruthy();
      expect(within(row).getByLabelText('2 respuestas sin leer').textContent).toBe('2');
      expect(within(row).getByRole('button', { name: 'Nuevo chat con Maya' }).textContent).toBe('Nuevo chat');

      fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar en tus mensajes' }), {
        target: { value: 'a' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Escribe al menos 2 caracteres para buscar.',
      );

      fireEvent.click(within(row).getByRole('button', { name: 'Eliminar «Dinner ideas»' }));
      const dialog = await screen.findByRole('dialog', { name: '¿Eliminar este chat?' });
      expect(within(dialog).getByText(/^«Dinner ideas» y todos sus mensajes se borrarán\./)).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    });

    it('shows /chats in Portuguese: one unread reply, and the empty list', async () => {
      listing([{ ...summary, unread: 1 }]);
      await i18n.changeLanguage('pt');
      renderAt('/chats', <MyChatsPage />);
      const row = (await screen.findByRole('link', { name: /Dinner ideas/ })).closest('li')!;
      expect(within(row).getByLabelText('1 resposta não lida')).toBeTruthy();
      expect(within(row).getByRole('button', { name: 'Renomear “Dinner ideas”' })).toBeTruthy();
      cleanup();

      listing([]);
      renderAt('/chats', <MyChatsPage />);
      expect(await screen.findByText('Nenhum chat ainda')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Encontre um criador para conversar' })).toBeTruthy();
    });

    it.each([
      ['es', 'persona de IA', 'Creador verificado', 'Nuevo chat'],
      ['pt', 'persona de IA', 'Criador verificado', 'Novo chat'],
    ])('shows the chat header in %s', async (language, persona, verified, newChat) => {
      await i18n.changeLanguage(language);
      renderAt('/@maya.makes', <ChatHeader creator={maya} />);
      expect(screen.getByRole('heading', { name: 'Maya' })).toBeTruthy();
      expect(screen.getByText(persona)).toBeTruthy();
      expect(screen.getByText(verified)).toBeTruthy();
      expect(screen.getByRole('button', { name: newChat })).toBeTruthy();
    });
  });
});
