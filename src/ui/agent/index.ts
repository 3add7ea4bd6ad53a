// The agent feature's public face: the contract list a player sees in the member centre.
export { ContractList } from './contracts/ContractList';
