// The For-you screens, loaded together by routes.tsx.
export { ForyouScreen } from './foryou-screen';
export { SeeAllScreen } from './see-all-screen';
