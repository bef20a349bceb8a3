export { CharacterSheet } from './components/CharacterSheet';
