import { loginNameBase, loginNameFromEmail } from '../../domain/loginNames';

test('login names from people\'s names and e-mail addresses', () => {
  expect(loginNameBase(['Zoë', "O'Brien"], 'student')).toBe('zoe.obrien');
  expect(loginNameBase(['שירה', 'כהן'], 'student')).toBe('student');
  expect(loginNameBase(['Ana María', 'López'], 'student')).toBe('anamaria.lopez');
  expect(loginNameBase(['x'.repeat(80), 'y'], 'student')).toHaveLength(50);
  expect(loginNameFromEmail('Ana.Silva+news@example.test', 'owner')).toBe('ana.silvanews');
  expect(loginNameFromEmail('@example.test', 'owner')).toBe('owner');
});
