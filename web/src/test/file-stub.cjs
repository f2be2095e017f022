// Stands in for asset imports under jest: the asset's URL.
module.exports = 'test-file-stub';
