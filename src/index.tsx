import { startApp } from './app/bootstrap';

startApp(document.getElementById('root') as HTMLElement);
