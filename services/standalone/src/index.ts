export { startStandalone, StartupError, type RunningStandalone } from './standalone';
