// Creator stats: the numbers of a character for its owner and admins, embedded by the character
// sheet (/c/{id}).
export { CharacterStats, type CharacterStatsProps } from './components/CharacterStats';
export { STATS_TEXT } from './messages';
