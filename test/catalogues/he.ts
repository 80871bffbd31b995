import { catalogueOf } from './files';

export default catalogueOf('he');
