import { emptyStudentForm, studentMessages, validateStudentForm, type StudentFormValues } from './studentForm';

const valid: StudentFormValues = {
  teacherId: '2',
  studentFirstName: 'Tom',
  studentLastName: 'Peretz',
  parentName: 'Gil',
  parentEmail: 'gil@parents.test',
  phone: '050',
  program: 'AlgoC',
  startDate: '2025-09-01',
  endDate: '2025-09-01',
  numberOfLessons: '12',
};

describe('validateStudentForm', () => {
  it('accepts a complete form (same-day start and end included)', () => {
    expect(validateStudentForm(valid, { chooseOwner: true })).toBeNull();
  });

  it('reports the first failing rule in the spec order', () => {
    expect(validateStudentForm(emptyStudentForm, { chooseOwner: false })?.message).toBe('Enter Student First Name');
    expect(validateStudentForm(emptyStudentForm, { chooseOwner: true })?.message).toBe('Select Franchise Owner');
    expect(validateStudentForm({ ...valid, parentEmail: 'gil@parents' }, { chooseOwner: false })).toEqual({ field: 'parentEmail', message: studentMessages.parentEmailFormat });
    expect(validateStudentForm({ ...valid, endDate: '2025-08-31' }, { chooseOwner: false })?.message).toBe('The end date is before the start date');
    expect(validateStudentForm({ ...valid, numberOfLessons: '0' }, { chooseOwner: false })?.message).toBe('Number Of Lessons must be a whole number from 1 to 999');
    expect(validateStudentForm({ ...valid, phone: '   ' }, { chooseOwner: false })?.message).toBe('Enter Phone');
  });
});
